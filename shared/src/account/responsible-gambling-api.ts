import type {
  DownlineRgQuery,
  DownlineRgRow,
  RealityCheckView,
  ResponsibleGamblingView,
  RgRealityCheckRequest,
  RgSelfExcludeRequest,
  RgSetLimitRequest,
  RgTimeOutRequest,
} from '../contracts/index';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

/** One call site per endpoint (docs/rules/code-style.md §5): responsible gambling (ADR 0019). */
export function createResponsibleGamblingApi(client: ApiClient) {
  return {
    own: () => unwrap<ResponsibleGamblingView>(client.main.get('/responsible-gambling')),
    setLimit: (body: RgSetLimitRequest) => unwrapWithMessage<ResponsibleGamblingView>(client.main.post('/rg-set-limit', body)),
    setRealityCheck: (body: RgRealityCheckRequest) => unwrapWithMessage<ResponsibleGamblingView>(client.main.post('/rg-reality-check', body)),
    timeOut: (body: RgTimeOutRequest) => unwrapWithMessage<ResponsibleGamblingView>(client.main.post('/rg-time-out', body)),
    selfExclude: (body: RgSelfExcludeRequest) => unwrapWithMessage<ResponsibleGamblingView>(client.main.post('/rg-self-exclude', body)),
    realityCheck: () => unwrap<RealityCheckView>(client.main.get('/reality-check')),
    downline: (query: DownlineRgQuery = {}) => unwrap<DownlineRgRow[]>(client.main.get('/downline-responsible-gambling', { params: query })),
  };
}

export type ResponsibleGamblingApi = ReturnType<typeof createResponsibleGamblingApi>;
