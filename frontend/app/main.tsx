import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot';
import { preloadScreen } from './App';
import { renderedState } from './rendered-state';
import { reloadOnStaleChunks } from './stale-chunks';
import './app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

reloadOnStaleChunks(window);

const rendered = renderedState();
if (rendered && root.firstElementChild) {
  // The server rendered this screen (docs/decisions/0078-react-on-the-server.md): its code comes
  // first, so hydration renders it at once and adopts the HTML instead of suspending.
  void preloadScreen(rendered.path)
    .catch((error: unknown) => console.error('the screen’s code did not load', error))
    .then(() => hydrateRoot(root, <AppRoot rendered={rendered} />));
} else {
  createRoot(root).render(<AppRoot rendered={null} />);
}
