import { renderActivityPage } from './pages.ts';
import '../components/inline-field.css';
import './activity.css';

// The visitor pages' own entry (activity.html): no staff app, no antd-mobile (decision 056).
const root = document.getElementById('activity-root');
if (root)
  void renderActivityPage({
    root,
    url: new URL(window.location.href),
    go: (to) => window.location.assign(to),
    replace: (to) => window.history.replaceState(window.history.state, '', to),
  });
