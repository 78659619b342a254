import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from 'sluice/testing';
import { appSettingsFor } from '../config/config.ts';
import { testApp } from './test-support/app-test-kernel.ts';

describe('The events app\'s metrics (METRICS=1)', () => {
  it('serves /metrics with the pages\' counts by route name', async () => {
    const app = testApp('prod', { metrics: true, adminPassword: 'secret-pass' });
    after(() => app.close());
    const client = createClient(app.kernel);
    assert.equal((await client.get('/api/events')).status, 200);
    const metrics = await client.get('/metrics');
    assert.equal(metrics.status, 200);
    assert.match(metrics.text(), /^sluice_http_requests_total\{method="GET",route="api_event_list",status="200"\} 1$/m);
  });

  it('is off unless asked for, and METRICS must be a yes or a no', async () => {
    assert.equal(appSettingsFor('prod', {}).metrics, false);
    assert.equal(appSettingsFor('prod', { METRICS: '1' }).metrics, true);
    assert.throws(() => appSettingsFor('prod', { METRICS: 'yes please' }), { message: 'METRICS must be 1 or 0 (true or false), "yes please" given.' });
    const app = testApp('prod', { adminPassword: 'secret-pass' });
    after(() => app.close());
    assert.equal((await createClient(app.kernel).get('/metrics')).status, 404);
  });
});
