// The labelled select is part of the shared UI kit.
export { SelectField } from '@backlay/shared';
