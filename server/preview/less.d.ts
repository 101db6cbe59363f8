/** The part of the `less` package (it ships no types) the stylesheet compiler uses. */
declare module 'less' {
  export interface LoadedFile {
    filename: string;
    contents: string;
  }
  class FileManager {
    supports(filename: string, currentDirectory: string): boolean;
    supportsSync(filename: string, currentDirectory: string): boolean;
    loadFile(filename: string, currentDirectory: string): Promise<LoadedFile>;
    loadFileSync(filename: string, currentDirectory: string): LoadedFile | { error: Error };
  }
  interface PluginManager {
    addFileManager(manager: FileManager): void;
  }
  interface Plugin {
    install(less: unknown, pluginManager: PluginManager): void;
  }
  interface RenderOptions {
    filename?: string;
    plugins?: Plugin[];
    globalVars?: Record<string, string>;
    /** Declared after every file: they override the files' own declarations. */
    modifyVars?: Record<string, string>;
    math?: string | number;
    javascriptEnabled?: boolean;
  }
  /** A compile error: line 1-based, column 0-based, filename as given to the file manager. */
  export interface LessError extends Error {
    filename?: string;
    line?: number | null;
    column?: number | null;
    type?: string;
  }
  const less: {
    FileManager: typeof FileManager;
    render(input: string, options?: RenderOptions): Promise<{ css: string; imports: string[] }>;
  };
  export default less;
}
