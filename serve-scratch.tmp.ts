import { formsApi } from '/work/main/scripts/lib/forms-api';
import { createSiteServer } from '/work/main/scripts/lib/server';
import { openStore } from '/work/main/scripts/lib/store';
const store = openStore('/tmp/scratch-store/s.db');
createSiteServer({ distDir: '/tmp/scratch-dist', routes: formsApi({ root: '/work/main', store, perMinute: 100 }) }).listen(4191, '127.0.0.1', () => console.log('up'));
