import { QueryClient } from '@tanstack/react-query';
import { DEMO_DATA_EVENT } from './demo-seed';

/**
 * The signed-in shell's react-query cache (the kit's lists and configs use it). No retries
 * and no refetch on focus: a failed call already showed its §8 toast once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

// a step of the demo seed finished (demo-seed.ts): the screens on show ask for their data again
if (typeof window !== 'undefined') window.addEventListener(DEMO_DATA_EVENT, () => void queryClient.invalidateQueries({ type: 'active' }));
