"""Game options: the choices the new-game screen offers (first value is the default)."""
OPTION_CHOICES = {
    "territories": ["dealt", "claim"],        # dealt at random, or claimed one at a time in turn
    "card_values": ["escalating", "fixed"],   # 4, 6, 8, 10, 12, 15, +5 ... or by kind of set
    "fortify": ["connected", "adjacent"],     # through own territories, or only next door
    "defender_dice": ["auto", "choose"],      # defender rolls the most allowed, or answers each attack
    "first_player": ["dice", "first_seat"],   # the highest die roll starts, or seat 0 always (house rule)
}
# How the new-game screen shows each value, and the one sentence it says about each option.
OPTION_LABELS = {
    "territories": {"dealt": "Dealt at random", "claim": "Claimed in turn"},
    "card_values": {"escalating": "Rising: 4, 6, 8…", "fixed": "Fixed by the set"},
    "fortify": {"connected": "Through your lands", "adjacent": "Next door only"},
    "defender_dice": {"auto": "Most allowed", "choose": "Defender chooses"},
    "first_player": {"dice": "Highest roll", "first_seat": "First seat always"},
}
OPTION_HELP = {
    "territories": "How the 42 territories are shared out before the first turn.",
    "card_values": "How many armies a traded set of three cards brings.",
    "fortify": "How far the one move at the end of your turn may carry armies.",
    "defender_dice": "How many dice a defender rolls: the most allowed, or asked at each attack.",
    "first_player": "Who plays first: the highest die roll (ties roll again), or always the first seat.",
}
