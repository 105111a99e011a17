/**
 * `<paytoken-form>`'s set-up check (docs/integrating.md#when-the-set-up-is-wrong), in the engine: the
 * form asks it when the engine arrives, at the payer's first focus or input, before anything is
 * typed into a checked field. One question per page for each configuration (several forms share it),
 * the developer's fix said once in the console, and for each form once the payer's line as a failure.
 */
import { clientMessages } from '../../shared/messages/en.js';
import { failure } from '../../tokenizer/deferred.js';
import { checkSetUp, type PaytokenConfig, type SetUpProblem, type TokenFailure } from '../../tokenizer/index.js';

const asked = new Map<string, Promise<SetUpProblem | undefined>>();
const said = new Set<string>();
const told = new WeakSet<object>();

/**
 * The failure `form` shows for a mistake in `config` (the payer's line under MISSING_PUBLIC_KEY,
 * ORIGIN_NOT_ALLOWED, or PUBLIC_KEY_REJECTED for any key that is not this page's public key), the
 * first time only; undefined when all is well or the service cannot say.
 */
export async function setUpFailure(form: object, config: PaytokenConfig): Promise<TokenFailure | undefined> {
  const key = [config.publicKey, config.impersonationAccountKey, config.apiUrl].join(' ');
  let answer = asked.get(key);
  if (!answer) asked.set(key, (answer = checkSetUp(config)));
  const problem = await answer;
  if (!problem || told.has(form)) return undefined;
  told.add(form);
  if (!said.has(problem.message)) {
    said.add(problem.message);
    console.error(`Paytoken: ${problem.message}`);
  }
  return failure(problem.code in clientMessages ? (problem.code as 'ORIGIN_NOT_ALLOWED') : 'PUBLIC_KEY_REJECTED');
}
