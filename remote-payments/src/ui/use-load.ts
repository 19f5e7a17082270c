// The screen loader and failure toast live in @backlay/shared (one copy for every remote).
export { useLoad, notifyFailure, type Load } from '@backlay/shared';
