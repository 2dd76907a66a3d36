/** Contract of issue 27's console section (filled in by its slice). */
export {};
