import { createRoot } from 'react-dom/client';
import { StandaloneRemote } from '@backlay/shared';
import { screens } from './expose/routes';

// Opened on its own (not through the shell): the remote's screens at their product paths.
createRoot(document.getElementById('root') as HTMLElement).render(<StandaloneRemote name="admin" screens={screens} />);
