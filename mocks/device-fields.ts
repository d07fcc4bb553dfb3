// The editable station fields and their 400s: the server's rules (src/domain/deviceFields.ts) with the mocks' errors.
import { deviceFieldRules } from '../src/domain/deviceFields';
import { readers } from './validate';

export const deviceFields = deviceFieldRules(readers);
