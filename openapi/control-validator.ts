// The validator of the mock's control API (openapi/control.yaml), as validator.ts is the service
// document's: the mock checks /__mock requests, and the JS face of its control API, with it.
import { controlDocument } from './generated/control-document.ts';
import { createValidator } from './validation.ts';

export const controlValidator = createValidator(controlDocument);
