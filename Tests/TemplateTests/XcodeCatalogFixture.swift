import VantageCore

@testable import Template

/// A catalog written the way Xcode 15/16 writes `Localizable.xcstrings` (keys sorted, ` : `
/// separators, `extractionState`, `stringUnit {state, value}`, `variations` of `plural` and
/// `device`, `substitutions` with `argNum` and `formatSpecifier`), holding the shapes that real
/// app catalogs contain: text with a lone `%` that takes no arguments, substitutions whose
/// variations write a real specifier instead of `%arg`, positional substitutions migrated from
/// stringsdict, plurals whose number is not the first argument, `%.1f` plurals, device
/// variations without `other`, and inline Markdown. Written for these tests, not copied.
enum XcodeCatalogFixture {
    static let json = #"""
{
  "sourceLanguage" : "en",
  "strings" : {
    "%" : {
      "extractionState" : "manual",
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "%"
          }
        }
      }
    },
    "%@ has %lld items" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%1$@ has %2$lld item"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%1$@ has %2$lld items"
                }
              }
            }
          }
        },
        "ru" : {
          "variations" : {
            "plural" : {
              "few" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "у %1$@ %2$lld предмета"
                }
              },
              "many" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "у %1$@ %2$lld предметов"
                }
              },
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "у %1$@ %2$lld предмет"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "у %1$@ %2$lld предмета"
                }
              }
            }
          }
        }
      }
    },
    "%lld Loops left" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld Loop left"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld Loops left"
                }
              }
            }
          }
        }
      }
    },
    "100% accurate" : {
      "localizations" : {
        "de" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "zu 100% genau"
          }
        },
        "ja" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "100%正確"
          }
        },
        "pt-BR" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "100% precisa"
          }
        }
      }
    },
    "distance" : {
      "extractionState" : "manual",
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%.1f kilometre"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%.1f kilometres"
                }
              }
            }
          }
        },
        "ru" : {
          "variations" : {
            "plural" : {
              "few" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%.1f километра"
                }
              },
              "many" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%.1f километров"
                }
              },
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%.1f километр"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%.1f километра"
                }
              }
            }
          }
        }
      }
    },
    "geese" : {
      "extractionState" : "migrated",
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "%2$#@geese@ landed on %1$#@fields@"
          },
          "substitutions" : {
            "fields" : {
              "argNum" : 1,
              "formatSpecifier" : "lld",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg field"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg fields"
                    }
                  }
                }
              }
            },
            "geese" : {
              "argNum" : 2,
              "formatSpecifier" : "lld",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg goose"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%arg geese"
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "items" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "plural" : {
              "one" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld item"
                }
              },
              "other" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "%lld items"
                }
              }
            }
          }
        }
      }
    },
    "onboarding.tip" : {
      "comment" : "SwiftUI renders the Markdown",
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Tap **Add** to keep *%@*, press `⌘K` or read [the guide](help/guide.html) and [our blog](https://example.com/blog)."
          }
        },
        "fr" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Touchez **Ajouter** pour garder _%@_."
          }
        }
      }
    },
    "pixels" : {
      "localizations" : {
        "en" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Zoom: %#@pixels@"
          },
          "substitutions" : {
            "pixels" : {
              "argNum" : 1,
              "formatSpecifier" : ".1f",
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%.1f pixel"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%.1f pixels"
                    }
                  }
                }
              }
            }
          }
        }
      }
    },
    "Show battery %" : {
      "localizations" : {
        "cs" : {
          "stringUnit" : {
            "state" : "translated",
            "value" : "Zobrazit % baterie"
          }
        }
      }
    },
    "tap.action" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "device" : {
              "applevision" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Pinch to open"
                }
              },
              "ipad" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Tap to open on iPad"
                }
              },
              "iphone" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Tap to open"
                }
              },
              "mac" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Click to open"
                }
              }
            }
          }
        }
      }
    },
    "watch.only" : {
      "localizations" : {
        "en" : {
          "variations" : {
            "device" : {
              "applewatch" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Raise your wrist"
                }
              }
            }
          }
        }
      }
    }
  },
  "version" : "1.1"
}
"""#

    static let catalog: StringCatalog = try! CatalogFixture.catalog(json)
}
