// The validator of the control API's document (openapi/control.yaml), as validator.ts is the service document's.
import { controlDocument } from './generated/control-document.ts';
import { createValidator } from './validation.ts';

export const controlValidator = createValidator(controlDocument);
