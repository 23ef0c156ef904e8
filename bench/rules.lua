-- The battle's rules that the Carré scenario reaches, written in Lua: one
-- function per hook, its rules in the order the module lists them. The Go
-- procedure calls them; units are read-only userdata (unit.state), and what
-- a rule does to the game goes through Go builtins (set_state, follow, halt).
-- No standard library is opened, so min, max and floor are written here.

-- The builtins are globals; locals are found by register, not by name.
local mark, unmark, marked, ask, d66, d6 = mark, unmark, marked, ask, d66, d6
local add_mp, add_cost, set_fire, shift, scale_attack, set_side = add_mp, add_cost, set_fire, shift, scale_attack, set_side
local halt, lose, set_state, set_formation, exhaust = halt, lose, set_state, set_formation, exhaust
local rout, retreat, same_result, melee, follow, close_in = rout, retreat, same_result, melee, follow, close_in
local limit_mp, ride_into, on_road, unsupported = limit_mp, ride_into, on_road, unsupported

local BONUS_MP = 5
local TURN_COST = 1
local CARRE_WINDOW = 4
local CARRE_ANY_UNIT = false
local CARRE_MOD_LEADER = -4
local CARRE_MOD_GUARD = -6
local CARRE_MOD_LIGHT = 2
local CARRE_MOD_LANCERS = 6
local CARRE_MOD_LIGHT_CAVALRY = -2
local RELEASE_DISTANCE = 2
local TRAMPLE_DISORDERED = 3
local TRAMPLE_ROUTED = 2
local ROUT_HEXES = 10
local ROUT_TARGET_HEXES = 3
local RECALL_MAX_MP = 5
local DD_RETREAT = 3
local STRAIGHT_FACTOR = 2
local INFANTRY_ON_CARRE = 1.5
local CAVALRY_ON_CARRE = 0.3333333333333333

local function clamp(x, lo, hi)
  if x < lo then return lo end
  if x > hi then return hi end
  return x
end

-- Integer division of non-negative numbers.
local function div(a, b)
  return (a - a % b) / b
end

-- A d66 modified by steps through its 36 results in base 6, held at 11 and 66.
local function modify_d66(roll, mod)
  local i = (div(roll, 10) - 1) * 6 + roll % 10 - 1 + mod
  i = clamp(i, 0, 35)
  return (div(i, 6) + 1) * 10 + i % 6 + 1
end

function declare_charge(charger, target, stack, leader)
  -- charge.eligible
  if charger.arm ~= "cavalry" or charger.state ~= "good" or charger.tired or charger.exhausted then
    return true
  end
  -- charge.or_move
  if charger.moved then return true end
  -- charge.stack
  if not (stack <= 1 or leader) then return true end
  -- charge.declared
  mark(charger, "declared")
  return false
end

function charge_start(charger, target)
  add_mp(BONUS_MP) -- charge.bonus
end

function charge_enter(charger, step, ahead, turns, no_charge)
  if no_charge then return true end -- charge.terrain
  if not (step > 1 or ahead) then return true end -- charge.first_hex
  if turns > 0 then add_cost(turns * TURN_COST) end -- charge.facing
  return false
end

local function can_form_carre(unit)
  return unit.arm == "infantry" or unit.arm == "artillery"
end

-- The Recall Chart.
local function recall(charger, target)
  if d6() <= 4 then
    mark(charger, "recalled") -- recall.ok
    if ask(charger, "follow_routed") then
      mark(charger, "follows_routed")
      follow(charger, target)
    end
  else
    mark(charger, "no_recall") -- recall.failed
    limit_mp(RECALL_MAX_MP, target)
    follow(charger, target)
  end
end

-- The Carré Realization Table: the column by formation and distance, the
-- row by d66; a low roll is good for the infantry.
local function carre_realization(unit, charger, target, distance, is_target, mod)
  local roll = modify_d66(d66(), clamp(mod, -12, 12))
  local carre, disorder
  if unit.formation == "column" and distance >= 3 then
    carre, disorder = 42, 54
  elseif unit.formation == "column" then
    carre, disorder = 34, 52
  elseif distance >= 3 then
    carre, disorder = 33, 52
  else
    carre, disorder = 25, 46
  end

  if roll <= carre then
    set_formation(unit, "carre") -- carre.formed
    same_result(unit, "artillery")
    if is_target then follow(charger, unit) end -- carre.formed_melee
  elseif roll <= disorder then
    set_state(unit, "disordered") -- carre.disorder
    same_result(unit, "artillery")
    if is_target then -- carre.disorder_close
      close_in(charger, unit)
      melee(charger, unit)
      halt()
    end
  else
    local hexes = ROUT_HEXES -- carre.rout
    if is_target then hexes = ROUT_TARGET_HEXES end
    rout(unit, charger, hexes)
    same_result(unit, "artillery")
    if is_target and not marked(charger, "recall_rolled") then -- carre.rout_recall
      mark(charger, "recall_rolled")
      recall(charger, target)
    end
  end
end

function charge_approach(unit, charger, target, distance, los, is_target)
  -- carre.attempt
  if unit.arm == "infantry" and unit.formation ~= "carre" and unit.state == "good" and
      not marked(unit, "carre_tried") and distance <= CARRE_WINDOW and los and
      (is_target or CARRE_ANY_UNIT) and can_form_carre(unit) and ask(unit, "form_carre") then
    local mod = 0
    if unit.leader then mod = mod + CARRE_MOD_LEADER end
    if unit.guard then mod = mod + CARRE_MOD_GUARD end
    if unit.light then mod = mod + CARRE_MOD_LIGHT end
    if charger.lancer then mod = mod + CARRE_MOD_LANCERS end
    if charger.light then mod = mod + CARRE_MOD_LIGHT_CAVALRY end
    mark(unit, "carre_tried")
    carre_realization(unit, charger, target, distance, is_target, mod)
  end

  -- carre.release
  if unit.formation == "carre" and is_target and distance > RELEASE_DISTANCE and ask(charger, "halt_before_carre") then
    halt()
  end
end

-- The morale check to stand a charge: above the morale value, which a
-- Carré lowers by 6.
local function stand(charger, unit, mod)
  local roll = modify_d66(d66(), clamp(mod, -18, 18))
  local threshold = unit.morale
  if unit.formation == "carre" then threshold = threshold - 6 end
  if roll > threshold then
    mark(unit, "passed_pre_melee") -- stand.held
    halt()
    melee(charger, unit)
  else
    set_state(unit, "disordered") -- stand.broken
    mark(unit, "no_pre_melee")
    mark(charger, "no_pre_melee")
    melee(charger, unit)
  end
end

function charge_contact(charger, target, mp_spent, straight)
  if target.arm == "infantry" and target.state == "disordered" then -- contact.trample_disordered
    lose(target, div(mp_spent, TRAMPLE_DISORDERED))
  end
  if target.arm == "infantry" and target.state == "routed" then -- contact.trample_routed
    lose(target, div(mp_spent, TRAMPLE_ROUTED))
  end
  if target.state == "good" and target.formation == "column" and on_road(target) then -- contact.road
    unsupported("contact.road")
  end
  if target.arm == "cavalry" and target.state == "good" and ask(target, "reaction_charge") then -- contact.cavalry
    mark(target, "reaction_charged")
  end
  if target.arm == "cavalry" then melee(charger, target) end -- contact.cavalry_melee

  -- contact.stand, with the battle's modifiers
  if target.arm == "infantry" and target.state == "good" and target.formation ~= "carre" and not marked(target, "carre_tried") then
    local mod = 0
    if charger.lancer then mod = mod - 6 end
    if charger.guard then mod = mod - 3 end
    if charger.light then mod = mod + 2 end
    if target.guard then mod = mod + 6 end
    if target.leader then mod = mod + 3 end
    if target.light then mod = mod - 2 end
    stand(charger, target, mod)
  end

  if target.formation == "carre" then -- contact.carre
    ride_into(charger, target)
    melee(charger, target)
  end
  if target.arm == "infantry" and target.state == "disordered" then -- contact.disordered
    melee(charger, target)
  end
end

function charge_end(charger, could_contact)
  if could_contact and not marked(charger, "recalled") then -- end.no_contact
    rout(charger, nil, 0)
    exhaust(charger)
  end
end

function fire(firer, target, fire_value, adjacent, cavalry_in_hex, fires, next_to_earlier)
  if not (fire_value > 0) then return true end -- fire.none
  if firer.formation == "carre" and not cavalry_in_hex then -- fire.carre_hexes
    if not adjacent or fires >= 3 or next_to_earlier then return true end
  end
  if firer.formation == "carre" and firer.arm == "infantry" and not cavalry_in_hex then -- fire.carre_value
    set_fire(fire_value / 3)
  end
  if firer.formation == "carre" and firer.arm == "infantry" and cavalry_in_hex then -- fire.carre_cavalry
    set_fire(fire_value)
  end
  if firer.arm == "artillery" and firer.formation == "carre" and cavalry_in_hex then -- fire.carre_artillery
    set_fire(fire_value * 2)
    shift(1)
  end
  return false
end

-- The Fire Combat Table: columns 1:3 to 10:1, each with the odds where it
-- starts, and for each the rolls from which each loss holds.
local FIRE_STARTS = {-3, -2.5, -2, -1.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10}
local FIRE_BANDS = {
  {{65, 1}}, {{64, 1}}, {{62, 1}}, {{55, 1}}, {{52, 1}}, {{42, 1}}, {{33, 1}},
  {{26, 1}, {64, 2}}, {{22, 1}, {56, 2}}, {{13, 1}, {54, 2}},
  {{11, 1}, {45, 2}, {66, 3}}, {{11, 1}, {33, 2}, {62, 3}}, {{11, 1}, {23, 2}, {52, 3}},
  {{11, 1}, {15, 2}, {45, 3}, {66, 4}}, {{11, 2}, {42, 3}, {63, 4}}, {{11, 2}, {26, 3}, {55, 4}, {65, 5}},
}
local CASUALTY_FIRE_ROLL = 65
local CASUALTY_ATTACKER_ROLL = 12
local CASUALTY_DEFENDER_ROLL = 64

-- The base's fire defence in the clear, the only terrain played here.
local function fire_defence(formation)
  if formation == "column" then return 6 end
  if formation == "line" then return 9 end
  if formation == "carre" then return 4 end
  if formation == "skirmish" then return 12 end
  return 8
end

-- The column of a combat chart, from 1: attack over defence when the attack
-- is the larger, else minus defence over attack; the last column whose start
-- that reaches, moved by shift and held to the chart.
local function odds_column(attack, defence, shift, starts)
  local odds
  if attack >= defence then odds = attack / defence else odds = -(defence / attack) end
  local col = 1
  for i = 1, #starts do
    if odds >= starts[i] then col = i end
  end
  return clamp(col + shift, 1, #starts)
end

function fire_resolve(firer, target, fire_value, shifts)
  local col = odds_column(fire_value, fire_defence(target.formation), shifts, FIRE_STARTS)
  local roll = d66()
  local loss = 0
  local bands = FIRE_BANDS[col]
  for i = 1, #bands do
    if roll >= bands[i][1] then loss = bands[i][2] end
  end
  if loss > 0 then
    lose(target, loss) -- fire.loss
    if roll >= CASUALTY_FIRE_ROLL and target.leader then unsupported("leader casualty") end -- fire.leader
  end
end

function assault_declare(attacker, defender, same_hex)
  if attacker.formation == "carre" then return true end -- assault.carre_no
  if defender.formation == "carre" and attacker.arm == "infantry" and same_hex then -- assault.carre_infantry
    return true
  end
  if defender.formation == "carre" and attacker.arm == "cavalry" and (not same_hex or not attacker.fired_on) then -- assault.carre_cavalry
    return true
  end
  return false
end

function melee_side(attacker, defender, side, friendly_zdi)
  if defender.formation == "line" and side == "flank" and friendly_zdi then -- melee.refused
    set_side("front")
  end
end

function melee_hook(attacker, defender, straight, charging)
  if charging and straight and defender.formation ~= "carre" and not marked(defender, "reaction_charged") then -- melee.straight
    scale_attack(STRAIGHT_FACTOR)
  end
  if defender.formation == "carre" and attacker.arm == "infantry" then -- melee.infantry_carre
    scale_attack(INFANTRY_ON_CARRE)
  end
  if defender.formation == "carre" and attacker.arm == "cavalry" then -- melee.cavalry_carre
    scale_attack(CAVALRY_ON_CARRE)
  end
end

-- The pre-melee modifiers by odds row (1/2, 1/1, 2/1, 3/1, 4/1, 5/1+).
local ATTACKER_ODDS = {-6, -3, 0, 3, 6, 9}
local DEFENDER_ODDS = {6, 3, 0, -3, -6, -9}

local function assault_row(odds)
  if odds < 1 then return 1 end
  if odds < 2 then return 2 end
  if odds < 3 then return 3 end
  if odds < 4 then return 4 end
  if odds < 5 then return 5 end
  return 6
end

local function formation_morale(unit)
  if unit.formation == "carre" then return -6 end
  return 0
end

-- The pre-melee check: a failure disorders, and calls off the assault of an
-- attacker.
local function pre_melee(attacker, unit, mod)
  if modify_d66(d66(), clamp(mod, -36, 36)) > unit.morale + formation_morale(unit) then return end
  if unit.state == "good" then set_state(unit, "disordered") end -- pre_melee.failed
  if unit == attacker then mark(attacker, "assault_called_off") end -- pre_melee.called_off
end

-- The morale check a starred result calls for.
local function morale_check(unit)
  if d66() > unit.morale + formation_morale(unit) then return end
  if unit.state == "good" then set_state(unit, "disordered") end -- morale.failed
end

-- The Assault à Melee Table: columns 1:2 (any weaker attacker) to 5:1; in
-- each, the roll from which a result holds, and the increments each side
-- loses. "a*" and "d*" are losses with a morale check for that side.
local MELEE_STARTS = {1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5}
local MELEE_CELLS = {
  {{11, "AR", 0, 0}, {15, "AD", 0, 0}, {35, "NE", 0, 0}, {52, "a*", 0, 0}, {53, "ad", 1, 1}, {54, "d*", 1, 2}, {55, "ad", 0, 1},
   {56, "a*", 1, 0}, {61, "ad", 0, 2}, {62, "d*", 2, 1}, {63, "ad", 0, 0}, {64, "ad", 2, 2}, {65, "DD", 0, 0}},
  {{11, "AD", 0, 0}, {16, "NE", 0, 0}, {42, "a*", 2, 1}, {43, "d*", 2, 1}, {44, "ad", 2, 1}, {45, "a*", 1, 1}, {46, "ad", 1, 2},
   {51, "ad", 1, 1}, {52, "d*", 0, 0}, {53, "ad", 2, 1}, {54, "a*", 1, 2}, {55, "ad", 2, 2}, {56, "ad", 0, 0}, {61, "d*", 1, 0}, {62, "DD", 0, 0}},
  {{11, "AD", 0, 0}, {13, "NE", 0, 0}, {33, "ad", 1, 2}, {34, "ad", 0, 0}, {35, "ad", 1, 1}, {36, "a*", 2, 0}, {41, "d*", 0, 1},
   {42, "ad", 1, 1}, {43, "d*", 2, 2}, {44, "ad", 3, 1}, {45, "ad", 0, 2}, {46, "ad", 2, 1}, {51, "d*", 1, 1}, {52, "a*", 2, 1}, {53, "DD", 0, 0}},
  {{11, "AD", 0, 0}, {12, "NE", 0, 0}, {25, "ad", 0, 3}, {26, "ad", 1, 2}, {31, "a*", 2, 1}, {32, "ad", 0, 0}, {33, "d*", 0, 1},
   {34, "ad", 1, 0}, {35, "d*", 3, 2}, {36, "ad", 1, 1}, {41, "d*", 2, 2}, {42, "a*", 1, 2}, {43, "a*", 1, 1}, {44, "d*", 0, 2}, {45, "DD", 0, 0}},
  {{11, "NE", 0, 0}, {23, "ad", 1, 4}, {24, "ad", 2, 3}, {25, "a*", 0, 0}, {26, "d*", 1, 1}, {31, "d*", 2, 3}, {32, "ad", 3, 3},
   {33, "ad", 0, 1}, {34, "ad", 1, 0}, {35, "d*", 2, 2}, {36, "DD", 0, 0}},
  {{11, "NE", 0, 0}, {16, "d*", 0, 0}, {21, "ad", 2, 3}, {22, "ad", 0, 2}, {23, "a*", 2, 0}, {24, "ad", 1, 2}, {25, "ad", 0, 1},
   {26, "a*", 2, 3}, {31, "d*", 1, 2}, {32, "DD", 0, 0}, {65, "DR", 0, 0}},
  {{11, "NE", 0, 0}, {12, "ad", 0, 0}, {13, "a*", 2, 2}, {14, "ad", 3, 3}, {15, "ad", 2, 4}, {16, "ad", 3, 1}, {21, "d*", 0, 1},
   {22, "DD", 0, 0}, {62, "DR", 0, 0}},
  {{11, "a*", 2, 1}, {12, "ad", 1, 2}, {13, "ad", 0, 2}, {14, "d*", 0, 1}, {15, "d*", 1, 1}, {16, "DD", 0, 0}, {56, "DR", 0, 0}},
  {{11, "ad", 3, 2}, {12, "DD", 0, 0}, {42, "DR", 0, 0}, {66, "DS", 0, 0}},
  {{11, "DD", 0, 0}, {33, "DR", 0, 0}, {62, "DS", 0, 0}},
}

local function melee_combat(attacker, defender, odds)
  local col = 1
  for i = 1, #MELEE_STARTS do
    if odds >= MELEE_STARTS[i] then col = i + 1 end
  end
  local roll = d66()
  local cells = MELEE_CELLS[col]
  local cell = cells[1]
  for i = 1, #cells do
    if roll >= cells[i][1] then cell = cells[i] end
  end
  if (roll <= CASUALTY_ATTACKER_ROLL and attacker.leader) or (roll >= CASUALTY_DEFENDER_ROLL and defender.leader) then
    unsupported("leader casualty")
  end
  local result = cell[2]
  if result == "ad" or result == "a*" or result == "d*" then -- melee.losses and the starred two
    lose(attacker, cell[3])
    lose(defender, cell[4])
    if result == "a*" then morale_check(attacker) end
    if result == "d*" then morale_check(defender) end
  elseif result == "AR" then -- melee.attacker_routs
    rout(attacker, defender, ROUT_HEXES)
  elseif result == "AD" then -- melee.attacker_disorders
    set_state(attacker, "disordered")
  elseif result == "DD" then
    if defender.formation ~= "carre" then -- melee.dd
      if defender.state ~= "routed" then set_state(defender, "disordered") end
      retreat(defender, 1, attacker)
    else -- melee.carre_dd
      set_state(defender, "disordered")
      set_formation(defender, "column")
      retreat(defender, DD_RETREAT, attacker)
    end
  elseif result == "DR" then -- melee.defender_routs
    rout(defender, attacker, ROUT_HEXES)
  elseif result == "DS" then -- melee.defender_surrenders
    lose(defender, 99)
  end
end

-- Each side checks morale before the melee, then the table.
function melee_resolve(attacker, defender, odds, charging)
  local row = assault_row(odds)
  if not marked(attacker, "no_pre_melee") then -- melee.pre_melee_attacker
    pre_melee(attacker, attacker, ATTACKER_ODDS[row])
  end
  if not marked(attacker, "assault_called_off") and not marked(defender, "no_pre_melee") and not marked(defender, "passed_pre_melee") then -- melee.pre_melee_defender
    pre_melee(attacker, defender, DEFENDER_ODDS[row])
  end
  if charging and attacker.arm == "cavalry" and not marked(attacker, "assault_called_off") then -- end.assaulted
    mark(attacker, "exhaust_after_melee")
  end
  if not marked(attacker, "assault_called_off") then melee_combat(attacker, defender, odds) end -- melee.resolve
  if marked(attacker, "assault_called_off") or marked(attacker, "no_pre_melee") or marked(defender, "no_pre_melee") or marked(defender, "passed_pre_melee") then -- melee.pre_melee_done
    unmark(attacker, "assault_called_off")
    unmark(attacker, "no_pre_melee")
    unmark(defender, "no_pre_melee")
    unmark(defender, "passed_pre_melee")
  end
end

function turn_end(unit)
  if marked(unit, "exhaust_after_melee") then exhaust(unit) end -- turn.exhausted
  if marked(unit, "no_recall") and unit.state ~= "routed" then rout(unit, nil, 0) end -- turn.pgd
end
