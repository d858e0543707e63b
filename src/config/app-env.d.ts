/** The app's configuration, validated by parseEnv when the build starts (vite-app-env.ts) and written in as a constant. */
declare const __ROOST_ENV__: import('./parse-env').AppEnv
