import type { ElementType } from '@pid/contracts';

/**
 * The element type of a kr_refinery class (`SymbolClass_Class.txt`). The equipment-size classes
 * (`SymbolClass_Class_big.txt`) are equipment; the rest go by name, first rule that fits, fittings last.
 */
const RULES: [RegExp, ElementType][] = [
  [/off_page|off_plot|^connector$|utility_conenction|interface_connecting_point|tie_in/, 'off_page_connector'],
  [
    /instrument|shared_display|^plc_|^function_|flowmeter|_meter$|orifice$|orifice_multistage|venturi|^vortex$|chemical_seal|sight_glass|pilot_light|interlock/,
    'instrument',
  ],
  // Actuators are annotated apart from their valve body but belong to the valve.
  [/valve|regulator|steam_trap|damper|diaphragm|cylinder$|handwheel|motor_operated|manual_operator|safety_head/, 'valve'],
  [
    /pump|compressor|exchanger|shell_type|front_end|real_end|cooler|motor_general|turbine|tank|drum|vessel|reactor|heater|mixer|conveyor|ejector|treater|filter_oil|liquid_filter|gas_filter|silencer_equipment|boot_w_head/,
    'equipment',
  ],
];

export function krElementType(className: string, bigClasses: ReadonlySet<string>): ElementType {
  if (bigClasses.has(className)) return 'equipment';
  return RULES.find(([pattern]) => pattern.test(className))?.[1] ?? 'fitting';
}
