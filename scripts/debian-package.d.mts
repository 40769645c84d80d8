/** Installs a Debian package with apt-get when running as root; false when it cannot or failed. `noRecommends`: without recommended packages. */
export declare function installDebianPackage(name: string, notice: string, options?: { noRecommends?: boolean }): boolean;
