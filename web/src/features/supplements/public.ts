import { lazyWithPreload } from '#web/lib/lazy-with-preload.ts';

/** What other features use of the stack. The dialog loads on first use, so it stays out of the dashboard's first code. */
export { stackWarningsQueryOptions, supplementsQueryOptions, useDismissWarning, useStackWarnings, useSupplements } from './api/supplements.ts';
export { DeleteSupplementButton } from './components/delete-supplement-button.tsx';
export type { SupplementDialogState } from './components/supplement-dialog.tsx';

export const SupplementDialog = lazyWithPreload(() => import('./components/supplement-dialog.tsx').then((module) => module.SupplementDialog));
