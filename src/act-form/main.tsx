import { createRoot } from 'react-dom/client';
import FormularioActo from './FormularioActo';
import './act-form.css';

// The act form, framed by the portal. Plain React only: it must load fast inside the iframe.
createRoot(document.getElementById('root')!).render(<FormularioActo />);
