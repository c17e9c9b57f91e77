// The part of unzipper's API the XLSX reader uses: an archive's directory, each part read on its own.
declare module 'unzipper' {
  import type { Readable } from 'node:stream';
  export interface File {
    path: string;
    type: 'File' | 'Directory';
    compressedSize: number;
    uncompressedSize: number;
    stream(): Readable;
  }
  export interface CentralDirectory {
    files: File[];
  }
  const unzipper: { Open: { file(path: string): Promise<CentralDirectory> } };
  export default unzipper;
}
