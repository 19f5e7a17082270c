import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ROUTES, type RouteName } from '../contracts/routes';
import { useSharedT } from '../i18n/shared-catalog';

/**
 * A remote opened on its own (its own index.html, for working on one remote in isolation): its
 * screens at their product paths, without the shell's layout or session.
 */
export function StandaloneRemote({ name, screens }: { name: string; screens: Record<string, ComponentType> }) {
  const entries = Object.entries(screens) as [RouteName, ComponentType][];
  return (
    <BrowserRouter>
      <Routes>
        {entries.map(([route, Screen]) => (
          <Route key={route} path={ROUTES[route].path} element={<Screen />} />
        ))}
        <Route path="*" element={<NoScreen name={name} />} />
      </Routes>
    </BrowserRouter>
  );
}

function NoScreen({ name }: { name: string }) {
  const t = useSharedT();
  return <p className="bl-empty">{t('standalone.noScreen', { name })}</p>;
}
