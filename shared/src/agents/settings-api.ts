import type { SaveSettingListRequest, SettingRow } from '../contracts/api';
import type { ApiClient } from '../kernel/client';
import { unwrap, unwrapWithMessage } from '../kernel/client';

/** Settings (admin and sadmin). */
export function createSettingsApi(client: ApiClient) {
  return {
    list: () => unwrap<SettingRow[]>(client.main.get('/get-setting-list')),
    save: (body: SaveSettingListRequest) => unwrapWithMessage<SettingRow[]>(client.main.post('/save-setting-list', body)),
  };
}
