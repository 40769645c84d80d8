/** Installs a Debian package with apt-get when running as root; false when it cannot or failed. */
export declare function installDebianPackage(name: string, notice: string): boolean;
