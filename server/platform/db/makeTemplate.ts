// `npm run build` runs this, built as dist/server/makeTemplate.js: the template a new data
// directory is copied from (issue #36), made once instead of at every first start.
import { migrationsFolder } from './client';
import { makeTemplate, TEMPLATE_DIR } from './embedded';

const started = performance.now();
const outcome = await makeTemplate(migrationsFolder);
if (outcome === 'made') {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Made the database template in ${TEMPLATE_DIR} (${seconds} s).`);
}
