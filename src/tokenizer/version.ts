/** This package's version, as `Paytoken.version`. */
export const version: string = __PAYTOKEN_VERSION__;
