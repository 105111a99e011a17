/**
 * `import 'paytoken/form'` defines `<paytoken-form>`; the class and its events are exported for types
 * and subclassing.
 */
import './define.js';

export { PaytokenForm } from './paytoken-form.component.js';
export { PaytokenChangeEvent, PaytokenErrorEvent, PaytokenTokenEvent } from './events.js';
