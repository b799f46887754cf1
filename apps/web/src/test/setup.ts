import { loadSectionTitles } from '../app/layout/titles.ts';
import { registerPageTestLifecycle } from './render-page.tsx';

// Every web test file gets the page-test lifecycle (fresh query cache, no retries, closed toasts and dialogs,
// empty storage); a unit test of a hook or helper is unaffected by it.
registerPageTestLifecycle();

// Every page's header title, as a section page's route loads it in the app (titles.ts).
await loadSectionTitles();
