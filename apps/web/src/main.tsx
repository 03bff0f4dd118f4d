import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { watchDemoSeed } from './shell/demo-seed';
import { startBoot } from './shell/Guard';
import { initI18n } from './shell/i18n';
import { Root } from './shell/Root';
import './shell/session';

// The Content-Security-Policy allows no eval: without this, zod probes `new Function` on its
// first parse (to compile fast parsers), which the browser reports as a CSP violation.
zodConfig({ jitless: true });

async function boot() {
  // Development mock mode (§7): a build without VITE_MOCK drops this import entirely.
  if (import.meta.env.VITE_MOCK === '1' || import.meta.env.VITE_MOCK === 'true') {
    const { installMock } = await import('./mock');
    installMock();
  }
  initI18n();
  startBoot(); // a token already there: the account and the shell's code are asked for before the first render
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
  // a fresh demo start fills its data in behind the console: a banner says how far (demo-seed.ts)
  if (import.meta.env.VITE_MOCK !== '1' && import.meta.env.VITE_MOCK !== 'true') watchDemoSeed();
}

void boot();
