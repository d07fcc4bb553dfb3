// Sun and moon times: the shared domain computation (the sun & moon card uses the same).
export { type SunMoon, sunMoon } from '../../src/domain/sunMoon';
