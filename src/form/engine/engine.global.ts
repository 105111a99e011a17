/**
 * `paytoken-form-mask.js`: imask for the hosted form, loaded at the first focus or input in a masked
 * field (mask-engine.hosted.ts). Sets `window.PaytokenMask.createMask`.
 */
import IMask from 'imask/holder';
import 'imask/masked/pattern';
import type { CreateMask } from './mask-engine.js';

export const createMask = IMask as unknown as CreateMask;
