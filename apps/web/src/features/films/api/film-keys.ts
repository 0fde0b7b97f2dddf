// The keys live in shared/ so a feature the films screens use (a roll's life) can refresh their queries too.
export { filmKeys } from "../../../shared/query/film-keys.ts";
