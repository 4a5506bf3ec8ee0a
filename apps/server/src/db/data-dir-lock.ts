import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'prumo.lock';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database's data directory for this process. PGlite is a single-process
 * database: a second process opening the same files would corrupt them, so it is refused.
 * A lock left by a process that no longer runs (a crash, a power cut) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `O diretório de dados ${dataDir} já está em uso por outro processo (PID ${owner}). ` +
            'Encerre esse processo ou use outro DATA_DIR.',
          { cause: error },
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Não foi possível reservar o diretório de dados ${dataDir}.`);
}
