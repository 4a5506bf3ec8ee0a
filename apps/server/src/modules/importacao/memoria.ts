// A full garbage collection at a few points of a big import. Reading a 50,000-row XLSX and
// writing its rows allocate fast enough that V8 lets the heap grow to several times what is
// alive (measured: the server +330 MB of resident memory for +62 MB live); issue 33 holds an
// import to 200 MB above idle on a cheap machine. A collection every few thousand rows costs
// tens of milliseconds each and keeps it at about +130 MB. The collector is reached as Jest
// does for its leak detection: the flag set at run time, the function taken from a new context.
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const coletar = vm.runInNewContext('gc') as () => void;

/** Rows between two collections, in reading and in writing. */
export const LINHAS_POR_COLETA = 5_000;

export function liberarMemoria(): void {
  coletar();
}
