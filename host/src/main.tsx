import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startNavigation } from './navigation';

startNavigation();
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
