import { simulatorBanner, simulatorSettings, startSimulator, type SimulatorSettings } from './index.js';

let settings: SimulatorSettings;
try {
  settings = simulatorSettings(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const sim = await startSimulator(settings.port, settings.options, settings.host).catch((err: Error) => {
  console.error(`[payment simulator] ${err.message}`);
  process.exit(1);
});
console.log(simulatorBanner(sim.url, settings));
const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
