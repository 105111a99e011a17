import { formInteractive } from './form-interactive.js';
console.log((await formInteractive()).map((r) => `${r.name} ${r.value.toFixed(1)}`).join('\n'));
