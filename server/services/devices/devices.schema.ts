// Input rules for weatherDevices: src/domain/deviceFields.ts with the server's readers (BadRequest).
import { deviceFieldRules } from '../../../src/domain/deviceFields';
import { readers } from '../../hooks/validate';

/** Validates the editable fields present in `input`; `creating` requires a name. */
export const deviceFields = deviceFieldRules(readers);
