#!/usr/bin/env node
/** `node dist/cli.js --port 4010 [--seed 1] [--calls 25] [--contacts 12] [--locations 3]`: a sandbox for manual runs. */
import { parseArgs } from 'node:util';
import { startSandbox } from './index.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string', default: '1' },
    locations: { type: 'string', default: '3' },
    contacts: { type: 'string', default: '12' },
    calls: { type: 'string', default: '25' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
  },
});

const sandbox = await startSandbox({
  port: Number(values.port),
  host: values.host,
  seed: Number(values.seed),
  locations: Number(values.locations),
  contactsPerLocation: Number(values.contacts),
  callsPerLocation: Number(values.calls),
  ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
  ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
});
console.log(`HighLevel sandbox listening on ${sandbox.url}`);
console.log(`  client_id:     ${sandbox.clientId}`);
console.log(`  client_secret: ${sandbox.clientSecret}`);
console.log(`  company:       ${sandbox.companyId} (${sandbox.companyName})`);
for (const l of sandbox.locations) console.log(`  location:      ${l.id} (${l.name})`);
console.log(
  `  consent page:  ${sandbox.consentUrl({ redirectUri: 'http://localhost:3000/redirect', state: 'demo' })}`,
);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
