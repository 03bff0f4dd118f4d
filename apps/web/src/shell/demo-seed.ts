/**
 * The demo seed's banner (docs/decisions/039-first-minute.md). On a fresh `npm start` the
 * server listens at once and fills its demo data in behind it; GET /api/health then says where
 * the seed stands (`demoSeed: {percent, step, next}`). While it does, a small banner at the
 * foot of every page (the sign-in page included) says so in the page's language, and each
 * finished step tells the shell to refresh the screens' data (`DEMO_DATA_EVENT`, queryClient.ts).
 *
 * Plain DOM, no React or antd: it is part of the first chunk, which the sign-in page loads.
 * A server with no seed under way answers its first look without `demoSeed`: nothing is shown
 * and nothing more is asked.
 */
import { i18next } from './i18n';

/** Sent on window when a step of the demo seed finished (and when it is done). */
export const DEMO_DATA_EVENT = 'console:demo-data';

interface DemoSeed {
  percent: number;
  step: string;
  next: string | null;
}

const POLL_MS = 2000;

/** The seed's step names (seed/demo.ts), in Chinese; English shows them as the server names them. */
const ZH_STEPS: Record<string, string> = {
  "players' history": '玩家历史',
  batches: '批量发放',
  'partner cheat flags': '渠道作弊标记',
  messages: '消息',
  'retrieval campaigns': '召回活动',
  partners: '渠道',
  rooms: '房间',
  agents: '代理',
  'agent-reports': '代理报表',
  agentmanager: '代理管理',
  agentx: '集成代理',
  agentcash: '代理提现',
  groundpromoters: '地推',
  'unpaid recharges': '未支付充值',
  'cash-out queues': '提现队列',
  tongitsarena: 'Tongits 竞技场',
  activities: '活动',
  cdkcode: '兑换码',
  rank: '排行榜',
  fbactivity: 'Facebook 分享',
  vip: 'VIP',
  vipsend: 'VIP 发放',
  'sign-ins': '登录记录',
};

export function demoSeedText(seed: DemoSeed, lang: string): string {
  if (lang === 'zh') {
    const name = (s: string) => ZH_STEPS[s] ?? s;
    return `演示数据生成中：${seed.percent}%${seed.step ? `，正在生成${name(seed.step)}` : ''}${seed.next ? `，下一步：${name(seed.next)}` : ''}。数据到达后页面会自动刷新。`;
  }
  return `Demo data: ${seed.percent}%${seed.step ? `, ${seed.step} now` : ''}${seed.next ? `, ${seed.next} next` : ''}. Screens refresh as data arrives.`;
}

function banner(): HTMLDivElement {
  let el = document.getElementById('console-demo-seed') as HTMLDivElement | null;
  if (el) return el;
  el = document.createElement('div');
  el.id = 'console-demo-seed';
  el.setAttribute('role', 'status');
  el.setAttribute('aria-live', 'polite');
  Object.assign(el.style, {
    position: 'fixed',
    left: '50%',
    bottom: '16px',
    transform: 'translateX(-50%)',
    zIndex: '2000',
    maxWidth: 'calc(100vw - 32px)',
    boxSizing: 'border-box',
    padding: '8px 16px',
    borderRadius: '8px',
    background: '#e6f4ff',
    border: '1px solid #91caff',
    color: 'rgba(0,0,0,0.88)',
    fontSize: '14px',
    lineHeight: '22px',
    boxShadow: '0 6px 16px rgba(0,0,0,0.08)',
    pointerEvents: 'none',
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.appendChild(el);
  return el;
}

/** Starts watching (main.tsx); `fetchHealth` for tests. Answers a stop function. */
export function watchDemoSeed(fetchHealth: () => Promise<{ demoSeed?: DemoSeed }> = defaultFetch): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: DemoSeed | null = null;
  const render = () => {
    if (shown) banner().textContent = demoSeedText(shown, i18next.language);
  };
  i18next.on('languageChanged', render);
  const look = async () => {
    let seed: DemoSeed | undefined;
    try {
      seed = (await fetchHealth()).demoSeed;
    } catch {
      // a seed under way and the server restarting (it goes on at the next start): look again;
      // no seed shown (a development mock without the call, a server gone): nothing to watch
      if (!stopped && shown) timer = setTimeout(() => void look(), POLL_MS);
      return;
    }
    if (stopped) return;
    if (shown && shown.step !== (seed?.step ?? null)) window.dispatchEvent(new Event(DEMO_DATA_EVENT));
    if (!seed) {
      document.getElementById('console-demo-seed')?.remove();
      shown = null;
      i18next.off('languageChanged', render);
      return;
    }
    shown = seed;
    render();
    timer = setTimeout(() => void look(), POLL_MS);
  };
  void look();
  return () => {
    stopped = true;
    clearTimeout(timer);
    i18next.off('languageChanged', render);
    document.getElementById('console-demo-seed')?.remove();
  };
}

async function defaultFetch(): Promise<{ demoSeed?: DemoSeed }> {
  const res = await fetch(`${import.meta.env.VITE_API_BASE ?? '/api'}/health`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`health ${res.status}`);
  return res.json() as Promise<{ demoSeed?: DemoSeed }>;
}
