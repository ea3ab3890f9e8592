// The validator for the kit's own document. Import this; use createValidator() for another document.
import { document } from './generated/document.ts';
import { createValidator } from './validation.ts';

export { createValidator } from './validation.ts';
// Every type of types.ts is the validator's public type (docs/api.md lists them).
export type * from './types.ts';

export const validator = createValidator(document);
