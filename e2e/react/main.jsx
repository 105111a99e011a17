// The React example (examples/react/checkout.jsx) in a page: e2e/framework.spec.ts builds it with Vite.
import { createRoot } from 'react-dom/client';
import { Checkout } from '../../examples/react/checkout.jsx';

const config = Object.fromEntries(new URLSearchParams(location.search));
createRoot(document.getElementById('root')).render(
  <Checkout publicKey={config.publicKey} apiUrl={config.apiUrl} amountDue="100.00" cardFee="3.25" achFee="3.00" />,
);
