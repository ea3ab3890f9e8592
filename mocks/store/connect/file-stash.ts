// The File Stash (the SDK's `fileStash.downloadFile`): files an action run wrote, downloadable by `s3Key`. The mock
// keeps what a file is, not its bytes (made again, the same, on each download); no presigned URL leads off the machine.
import { fail, ok, type Result } from '../../common/errors.ts';
import type { ProjectEnvironment } from '../../factories/types.ts';
import { collectionFull } from '../world/retention.ts';
import type { StashFileRecord, World } from '../world/world.ts';

/** One entry of a run's `$filestash_uploads` export (the service's docs: `localPath`, `s3Key`). */
export interface StashUpload {
  localPath: string;
  s3Key: string;
}

/**
 * Keeps a file an action run wrote to /tmp in stash `stashId` and answers its upload entry; a full
 * collection answers its 429.
 *
 * @example
 * stashFile(world, { projectId, environment: 'development', externalUserId: 'u1' }, 'stash_x', { filename: 'report.pdf', size: 2048, hash: 7 });
 * // ok({ localPath: '/tmp/report.pdf', s3Key: '1day/proj_…/stash_x/7/u/report.pdf' })
 */
export function stashFile(
  world: World,
  who: { projectId: string; environment: ProjectEnvironment; externalUserId: string },
  stashId: string,
  file: { filename: string; size: number; hash: number },
): Result<StashUpload> {
  const name = file.filename.replace(/[/\\]/g, '_') || 'file';
  const s3Key = `1day/${who.projectId}/${stashId}/${file.hash.toString(36)}/u/${name}`;
  if (!world.stashFiles.has(s3Key)) {
    const full = collectionFull('stash files', world.stashFiles.size);
    if (full !== undefined) return full;
  }
  world.stashFiles.set(s3Key, { s3Key, ...who, filename: name, size: file.size, hash: file.hash });
  return ok({ localPath: `/tmp/${name}`, s3Key });
}

/** The file's bytes: text lines naming it, cut to its size (ASCII, so one byte a character). */
function stashFileContent(record: StashFileRecord): string {
  const line = `${record.filename} (synced to the file stash by workflow-api-mock-kit, run ${record.hash.toString(36)})\n`;
  return line.repeat(Math.ceil(record.size / line.length)).slice(0, record.size);
}

/**
 * `fileStash.downloadFile`: the file stored under `s3Key` in this project and environment, or 404.
 *
 * @example
 * downloadStashFile(world, 'proj_x', 'development', '1day/proj_x/stash_x/7/u/report.pdf'); // ok({ filename: 'report.pdf', content: 'report.pdf (synced …' })
 */
export function downloadStashFile(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  s3Key: string,
): Result<{ filename: string; content: string }> {
  const record = world.stashFiles.get(s3Key);
  if (record === undefined || record.projectId !== projectId || record.environment !== environment)
    return fail('not_found', `no file ${s3Key} in the File Stash of project ${projectId} (${environment})`, {
      s3_key: s3Key,
    });
  return ok({ filename: record.filename, content: stashFileContent(record) });
}
