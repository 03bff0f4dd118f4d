import { QueryClient } from '@tanstack/react-query';

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
