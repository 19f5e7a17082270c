/** Pure domain maths shared by the front end and the API (no I/O). */
export * from './partnership';
