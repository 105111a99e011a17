/**
 * The state of a US billing postal code, from its first three digits as the US Postal Service assigns
 * them (docs/fees.md#surcharge): what a surcharge's state rules are decided by. Each row is the first
 * and last prefix of a run and its state (USPS code; PR, VI, GU and the military AA, AE, AP included).
 */
const RUNS: [first: number, last: number, state: string][] = [
  [5, 5, 'NY'],
  [6, 7, 'PR'],
  [8, 8, 'VI'],
  [9, 9, 'PR'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [90, 99, 'AE'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [340, 340, 'AA'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [962, 966, 'AP'],
  [967, 968, 'HI'],
  [969, 969, 'GU'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** Every state the table names, for checking an account's list of banned states. */
export const US_STATES: ReadonlySet<string> = new Set(RUNS.map(([, , state]) => state));

/**
 * The state of a US ZIP code (5 digits, or ZIP+4), or null for anything else (a Canadian or UK
 * postal code, a prefix no state has).
 * @example stateOfPostalCode('06103') // 'CT'
 * @example stateOfPostalCode('80202-1234') // 'CO'
 */
export function stateOfPostalCode(postalCode: string | null | undefined): string | null {
  const zip = /^\s*(\d{3})\d{2}(?:[ -]?\d{4})?\s*$/.exec(postalCode ?? '');
  if (!zip) return null;
  const prefix = Number(zip[1]);
  return RUNS.find(([first, last]) => first <= prefix && prefix <= last)?.[2] ?? null;
}
