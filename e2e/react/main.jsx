// The README's React example (demo/snippets/react-checkout.jsx) in a page: e2e/readme.spec.ts builds it with Vite.
import { createRoot } from 'react-dom/client';
import { Checkout } from '../../demo/snippets/react-checkout.jsx';

const config = Object.fromEntries(new URLSearchParams(location.search));
createRoot(document.getElementById('root')).render(
  <Checkout publicKey={config.publicKey} apiUrl={config.apiUrl} amountDue="100.00" cardFee="3.25" achFee="3.00" />,
);
