import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ApisProvider, type Apis } from '../kernel/apis';
import { fakeApis } from './fakes';

/**
 * Renders `ui` with the given fakes as its APIs (ADR 0051); every domain not given is a fake that
 * fails on any call, so a screen never reaches the real network in a test. The provider is the
 * render's wrapper, so `rerender` keeps it.
 */
export function renderWithApis(ui: ReactElement, apis: Partial<Apis> = {}, options: Omit<RenderOptions, 'wrapper'> = {}): RenderResult {
  const value = fakeApis(apis);
  const wrapper = ({ children }: { children: ReactNode }) => <ApisProvider apis={value}>{children}</ApisProvider>;
  return render(ui, { ...options, wrapper });
}
