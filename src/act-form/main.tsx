import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>Formulario del acto: en construcción</p>);
