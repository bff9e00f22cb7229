import type { ElementType } from '@pid/contracts';

/** Rules by class name (`SymbolClass_Class.txt`), the first that fits; they come before the size list. */
const NAME_RULES: [RegExp, ElementType][] = [
  // Marks on a line, not objects, even where the size list has them.
  [/^spec_break$|^end_gap/, 'fitting'],
  [/off_page|off_plot|^connector$|utility_conenction|interface_connecting_point|tie_in/, 'off_page_connector'],
  [
    /instrument|shared_display|^plc_|^function_|flowmeter|_meter$|orifice$|orifice_multistage|venturi|^vortex$|chemical_seal|sight_glass|pilot_light|interlock/,
    'instrument',
  ],
  // Actuators are annotated apart from their valve body but belong to the valve.
  [/valve|regulator|steam_trap|damper|diaphragm|^cylinder$|handwheel|motor_operated|manual_operator|safety_head/, 'valve'],
];

const EQUIPMENT_NAMES =
  /pump|compressor|exchanger|shell_type|front_end|real_end|cooler|motor_general|turbine|tank|drum|vessel|reactor|heater|mixer|conveyor|ejector|treater|filter_oil|liquid_filter|gas_filter|silencer_equipment|boot_w_head|gas_cylinder/;

/**
 * The element type of a kr_refinery class: the name rules, then the equipment-size classes
 * (`SymbolClass_Class_big.txt`) and equipment names are equipment, fittings for the rest.
 */
export function krElementType(className: string, bigClasses: ReadonlySet<string>): ElementType {
  const named = NAME_RULES.find(([pattern]) => pattern.test(className))?.[1];
  if (named) return named;
  return bigClasses.has(className) || EQUIPMENT_NAMES.test(className) ? 'equipment' : 'fitting';
}
