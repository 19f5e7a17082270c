/** Pure domain maths shared by the front end and the API (no I/O). */
export * from './partnership';
export * from './exposure';
export * from './bookmaker';
export * from './fancy';
export * from './settlement';
export * from './commission';
export * from './password-policy';
export { commonPasswordCheck, decodeCommonPasswords, loadCommonPasswordCheck, previewPasswordPolicy } from './common-passwords';
