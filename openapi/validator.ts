// The validator for the kit's own document. Import this; use createValidator() for another document.
import { document } from './generated/document.ts';
import { createValidator } from './validation.ts';

export { createValidator } from './validation.ts';
export type {
  Issue,
  OperationLookup,
  RequestInput,
  RequestValidation,
  Validator,
  OperationInfo,
  ParameterInfo,
  ResponseInfo,
} from './types.ts';

export const validator = createValidator(document);
